import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

/**
 * A real SMTP server on a loopback port, for tests (issue 40): it takes every message, parses it
 * with mailparser and keeps it. `refuse` answers the next messages with an SMTP error code
 * (4xx: try later, 5xx: never); `hold` keeps the next message's data unanswered until released.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const refusals: number[] = [];
  let holding: (() => void) | null = null;
  let holdNext = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const code = refusals.shift();
      simpleParser(stream)
        .then((parsed) => {
          if (code) {
            const err = Object.assign(new Error(code >= 500 ? "Buzón inexistente" : "Inténtalo más tarde"), {
              responseCode: code,
            });
            return callback(err);
          }
          const done = () => {
            received.push(
              Object.assign(parsed, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }),
            );
            callback();
          };
          if (holdNext) {
            holdNext = false;
            holding = done;
          } else done();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** The next messages get these SMTP error codes, one each. */
    refuse(...codes: number[]) {
      refusals.push(...codes);
    },
    /** The next message's data is never answered (until `release`): a sender stuck mid-send. */
    holdNext() {
      holdNext = true;
    },
    /** Whether a message is held unanswered now. */
    holding: () => holding !== null,
    /** Answers a held message as accepted: a test then sees that a sender resent it anyway. */
    release() {
      holding?.();
      holding = null;
    },
    /** Messages to `to` so far. */
    to(address: string) {
      return received.filter((m) => m.envelopeTo.includes(address));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
