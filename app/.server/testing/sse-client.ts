export type SseMessage = { id?: string; event: string; data: string };

/**
 * A minimal SSE client for tests: collects messages from a fetch stream and lets a test wait
 * for a condition. `close()` drops the connection like a network cut would; `ended` resolves when
 * the server ends it.
 */
export function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const messages: SseMessage[] = [];
  let status = 0;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  const done = (async () => {
    const res = await fetch(url, { headers, signal: controller.signal });
    status = res.status;
    notify();
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let idx = buf.indexOf("\n\n");
      while (idx !== -1) {
        const block = buf.slice(0, idx);
        buf = buf.slice(idx + 2);
        const msg: SseMessage = { event: "message", data: "" };
        let isComment = true;
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) continue;
          const colon = line.indexOf(":");
          const field = colon === -1 ? line : line.slice(0, colon);
          const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "id") msg.id = value;
          else if (field === "event") msg.event = value;
          else if (field === "data") msg.data += value;
          else if (field === "retry") continue;
          else continue;
          isComment = false;
        }
        if (!isComment) messages.push(msg);
        idx = buf.indexOf("\n\n");
      }
      notify();
    }
  })().catch(() => {});

  return {
    messages,
    get status() {
      return status;
    },
    /** Resolves when the stream has ended, whichever side ended it. */
    ended: done,
    /** Resolves once `pred` holds, or rejects after `timeoutMs`. */
    waitFor(pred: () => boolean, timeoutMs = 5000): Promise<void> {
      if (pred()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pred()) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timeout; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close() {
      controller.abort();
      return done;
    },
  };
}
