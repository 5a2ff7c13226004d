import { createTransport } from 'nodemailer';
import type { PasswordResetSettings } from './auth-settings.ts';

/** Sends the one mail of a password reset: a link that sets a new password, once, before it expires. */
export interface PasswordResetMailer {
  send(input: { to: string; name: string; resetUrl: string; expiresInMinutes: number }): Promise<void>;
}

/** The mail's plain text: no HTML, so nothing in it can be styled to look like something else. */
export function passwordResetMailText({
  name,
  resetUrl,
  expiresInMinutes,
}: {
  name: string;
  resetUrl: string;
  expiresInMinutes: number;
}): string {
  return [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your Drawbridge account. To choose a new one, open:',
    '',
    resetUrl,
    '',
    `The link works once, within ${expiresInMinutes} minutes. Setting a new password signs your account out everywhere.`,
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
}

/** A mailer over the SMTP server of the settings (nodemailer: a connection per mail, STARTTLS when offered). */
export function createPasswordResetMailer(settings: PasswordResetSettings): PasswordResetMailer {
  const transport = createTransport(settings.smtpUrl);
  return {
    async send({ to, name, resetUrl, expiresInMinutes }) {
      await transport.sendMail({
        from: settings.from,
        to,
        subject: 'Reset your Drawbridge password',
        text: passwordResetMailText({ name, resetUrl, expiresInMinutes }),
      });
    },
  };
}
