import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  raw: string;
}

/** A real SMTP receiver on a free port, keeping what it receives. */
export async function startMailbox(): Promise<{
  url: string;
  mails: Mail[];
  codeFor(to: string): string | undefined;
  close(): Promise<void>;
}> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    codeFor: (to) => {
      const mail = [...mails].reverse().find((m) => m.to.includes(to));
      return mail && /\b(\d{6})\b/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
