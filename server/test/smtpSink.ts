import { createServer } from "node:net"

/** A minimal SMTP server that accepts every message and keeps its raw text, for tests of the SMTP path. */
export const startSmtpSink = async () => {
  const messages: Array<string> = []
  const server = createServer((socket) => {
    let buffer = ""
    let data: Array<string> | undefined
    socket.write("220 sink ESMTP\r\n")
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (data) {
          if (line === ".") {
            messages.push(data.join("\n"))
            data = undefined
            socket.write("250 queued\r\n")
          } else data.push(line.startsWith("..") ? line.slice(1) : line)
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === "DATA") {
          data = []
          socket.write("354 go ahead\r\n")
        } else if (verb === "QUIT") socket.end("221 bye\r\n")
        else socket.write("250 ok\r\n")
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
