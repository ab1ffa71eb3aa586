import { digits309, nested, nestedObjects } from "./hostile"

/** Whole bodies, not all of them JSON, for every route that reads one. */
export const rawBodies: ReadonlyArray<string> = [
  "",
  "null",
  "[]",
  "{",
  '{"a":',
  "}{",
  '"\\ud800"',
  '{"\\ud800":1}',
  "\u0000",
  "\ufeff{}",
  "NaN",
  "1e309",
  digits309,
  nested(3000),
  nestedObjects(3000),
  nested(100_000),
  '{"a":1,"a":2}',
  `{"a":"${"x".repeat(70 * 1024)}"}`,
  "name=x&email=a%40b.c",
  "\u00ff\u00fe\u0000\u0001",
  "<?xml version='1.0'?><a/>",
]

const boundary = "----fuzz"
const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--${boundary}--\r\n`

const unfinished = `--${boundary}\r\nContent-Disposition: form-data; name="a"; filename="../../etc/passwd"\r\n\r\n`

/** A content type with the body a client would send under it (the JSON as-is when it makes no sense). */
export const contentTypes = (json: string): ReadonlyArray<[string | undefined, string]> => [
  ["text/plain", json],
  ["multipart/form-data", multipart],
  ["multipart/form-data", json],
  [`multipart/form-data; boundary=${boundary}`, multipart],
  [`multipart/form-data; boundary=${boundary}`, json],
  ["multipart/form-data; boundary=", multipart],
  [`multipart/form-data; boundary=${boundary}`, unfinished],
  ["application/x-www-form-urlencoded", "name=x&cluster=%00&a[b][c]=1"],
  ["application/x-www-form-urlencoded", json],
  ["application/json; charset=utf-16", json],
  ["APPLICATION/JSON", json],
  ["application/vnd.api+json", json],
  ["application/xml", "<a/>"],
  ["application/octet-stream", json],
  [undefined, json],
  ["", json],
]
