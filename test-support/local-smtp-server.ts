import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, parsed. */
export interface ReceivedMail {
  /** The envelope's recipients (`RCPT TO`). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The login the client gave (`AUTH`), so a test sees the setting's credentials were used. */
  user: string | undefined;
}

/** A real SMTP server on a free loopback port that keeps every mail it is sent, for tests of mail sending. */
export interface LocalSmtpServer {
  /** `smtp://user:password@127.0.0.1:<port>`: what `DRAWBRIDGE_SMTP_URL` is set to. */
  url: string;
  /** Every mail so far, in the order they arrived. */
  readonly mails: readonly ReceivedMail[];
  /** Resolves with the first mail (already received or still to come) to `address` after the first `skip`. */
  mailTo(address: string, options?: { skip?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export const localSmtpUser = 'drawbridge';
const localSmtpPassword = 'a-local-smtp-password';

/** Starts `smtp-server` (the receiving side of nodemailer's project) with a login and no TLS, on loopback. */
export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    // Loopback only, so no TLS: the login crosses no network.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === localSmtpUser && auth.password === localSmtpPassword) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed: ParsedMail) => {
          mails.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });

  const findMail = (address: string, skip: number) =>
    mails.filter((mail) => mail.to.includes(address))[skip] as ReceivedMail | undefined;

  return {
    url: `smtp://${localSmtpUser}:${localSmtpPassword}@127.0.0.1:${port}`,
    mails,
    mailTo(address, { skip = 0 } = {}) {
      return new Promise((resolve) => {
        const check = () => {
          const mail = findMail(address, skip);
          if (mail === undefined) return;
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
