/**
 * Recording a voice comment in the browser (MediaRecorder): asks for the microphone, records in the
 * first format the browser offers among those the server takes (WebM or Ogg with Opus, MP4/AAC),
 * reports each second, and hands over the recording once stopped. Stops by itself after
 * `maxSeconds`. Everything it took (the microphone) is released when it ends or is cancelled.
 */

/** Why recording failed (the chart's `RecordRefusal`). */
type Refusal = "denied" | "noMicrophone" | "unsupported" | "failed"

/** What the recorder tells its chart. */
export type RecorderSignal =
  | { type: "recorder.started" }
  | { type: "recorder.tick"; seconds: number }
  | {
      type: "recorder.recorded"
      recording: { blob: Blob; url: string; contentType: string; seconds: number }
    }
  | { type: "recorder.failed"; reason: Refusal }

const formats = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4", "audio/aac"]

/** Ten minutes of Opus stay far below the server's 10 MB. */
export const maxSeconds = 600

const refusalOf = (error: unknown): Refusal => {
  const name = (error as { name?: unknown } | null)?.name
  if (name === "NotAllowedError" || name === "SecurityError") return "denied"
  if (name === "NotFoundError" || name === "OverconstrainedError") return "noMicrophone"
  return "failed"
}

/** Starts recording; `send` gets the recorder's events. Returns what stops it (`stop`) or gives it up (`cancel`). */
export const startRecording = (send: (event: RecorderSignal) => void) => {
  let cancelled = false
  let stream: MediaStream | undefined
  let recorder: MediaRecorder | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  const release = () => {
    if (timer !== undefined) clearInterval(timer)
    for (const track of stream?.getTracks() ?? []) track.stop()
  }
  const format =
    typeof MediaRecorder === "undefined" ? undefined : formats.find((f) => MediaRecorder.isTypeSupported(f))
  if (format === undefined || !navigator.mediaDevices?.getUserMedia) {
    queueMicrotask(() => send({ type: "recorder.failed", reason: "unsupported" }))
    return { stop: () => {}, cancel: () => {} }
  }
  navigator.mediaDevices.getUserMedia({ audio: true }).then(
    (granted) => {
      stream = granted
      if (cancelled) return release()
      const chunks: Blob[] = []
      const started = Date.now()
      const seconds = () => Math.round((Date.now() - started) / 1000)
      const active = new MediaRecorder(granted, { mimeType: format })
      recorder = active
      active.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data)
      }
      active.onstop = () => {
        release()
        if (cancelled) return
        const contentType = (active.mimeType || format).replace(/\s+/g, "")
        const blob = new Blob(chunks, { type: contentType })
        send({
          type: "recorder.recorded",
          recording: { blob, url: URL.createObjectURL(blob), contentType, seconds: seconds() },
        })
      }
      active.onerror = () => {
        release()
        if (!cancelled) send({ type: "recorder.failed", reason: "failed" })
      }
      active.start(1000)
      send({ type: "recorder.started" })
      timer = setInterval(() => {
        const elapsed = seconds()
        send({ type: "recorder.tick", seconds: elapsed })
        if (elapsed >= maxSeconds && active.state === "recording") active.stop()
      }, 1000)
    },
    (error: unknown) => {
      if (!cancelled) send({ type: "recorder.failed", reason: refusalOf(error) })
    },
  )
  return {
    stop: () => {
      if (recorder?.state === "recording") recorder.stop()
    },
    cancel: () => {
      cancelled = true
      if (recorder?.state === "recording") recorder.stop()
      release()
    },
  }
}

/** A recording's bytes in base64, as the server takes them. */
export const base64Of = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })
