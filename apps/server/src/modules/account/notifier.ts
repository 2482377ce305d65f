import nodemailer from 'nodemailer';

export interface OutgoingCode {
  to: { kind: 'email' | 'mobile'; value: string };
  purpose: 'register' | 'login' | 'reset' | 'change_email' | 'change_phone';
  code: string;
  language: string;
}

/** Delivers one-time codes. Providers: SMTP for email, an HTTP SMS gateway, and the operator's outbox. */
export interface CodeSender {
  send(msg: OutgoingCode): Promise<void>;
}

const texts: Record<string, Record<OutgoingCode['purpose'], string> & { subject: string; expiry: string }> = {
  en: {
    subject: 'Your Hestia code',
    register: 'Your Hestia sign-up code is {code}.',
    login: 'Your Hestia login code is {code}.',
    reset: 'Your Hestia password recovery code is {code}.',
    change_email: 'Your code to confirm this email address for Hestia is {code}.',
    change_phone: 'Your code to confirm this mobile number for Hestia is {code}.',
    expiry: 'It expires in 10 minutes. If you did not ask for it, ignore this message.',
  },
  fa: {
    subject: 'کد هستیا',
    register: 'کد ثبت‌نام شما در هستیا {code} است.',
    login: 'کد ورود شما به هستیا {code} است.',
    reset: 'کد بازیابی گذرواژهٔ شما در هستیا {code} است.',
    change_email: 'کد تأیید این نشانی ایمیل برای هستیا {code} است.',
    change_phone: 'کد تأیید این شمارهٔ همراه برای هستیا {code} است.',
    expiry: 'این کد تا ۱۰ دقیقه معتبر است. اگر آن را درخواست نکرده‌اید، این پیام را نادیده بگیرید.',
  },
  ar: {
    subject: 'رمز هستيا',
    register: 'رمز التسجيل في هستيا هو {code}.',
    login: 'رمز الدخول إلى هستيا هو {code}.',
    reset: 'رمز استعادة كلمة المرور في هستيا هو {code}.',
    change_email: 'رمز تأكيد هذا البريد الإلكتروني في هستيا هو {code}.',
    change_phone: 'رمز تأكيد رقم الجوال هذا في هستيا هو {code}.',
    expiry: 'ينتهي خلال 10 دقائق. إن لم تطلبه فتجاهل هذه الرسالة.',
  },
  tr: {
    subject: 'Hestia kodunuz',
    register: 'Hestia kayıt kodunuz {code}.',
    login: 'Hestia giriş kodunuz {code}.',
    reset: 'Hestia parola kurtarma kodunuz {code}.',
    change_email: 'Bu e-posta adresini Hestia için onaylama kodunuz {code}.',
    change_phone: 'Bu cep telefonu numarasını Hestia için onaylama kodunuz {code}.',
    expiry: '10 dakika içinde geçerliliğini yitirir. Siz istemediyseniz bu mesajı yok sayın.',
  },
};

export function codeText(msg: OutgoingCode): { subject: string; text: string } {
  const t = texts[msg.language] ?? (texts.en as (typeof texts)[string]);
  return { subject: t.subject, text: `${t[msg.purpose].replace('{code}', msg.code)} ${t.expiry}` };
}

export function smtpSender(url: string, from: string): CodeSender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(msg) {
      if (msg.to.kind !== 'email') throw new Error('SMTP delivers email only');
      const { subject, text } = codeText(msg);
      await transport.sendMail({ from, to: msg.to.value, subject, text });
    },
  };
}

/** An SMS gateway reached by HTTP: POST {to, text} as JSON, with an optional bearer token. */
export function httpSmsSender(url: string, token: string | undefined): CodeSender {
  return {
    async send(msg) {
      if (msg.to.kind !== 'mobile') throw new Error('SMS delivers to mobile numbers only');
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: msg.to.value, text: codeText(msg).text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/**
 * The operator's outbox for the embedded demo: codes are written to the server console (never the
 * log, never an API), so a person running `npm start` can sign up without a mail server.
 */
export function consoleOutbox(write: (line: string) => void): CodeSender & { readonly sent: OutgoingCode[] } {
  const sent: OutgoingCode[] = [];
  return {
    sent,
    async send(msg) {
      sent.push(msg);
      if (sent.length > 100) sent.shift();
      write(`[outbox] ${msg.to.kind} to ${msg.to.value}: ${codeText(msg).text}`);
    },
  };
}

/** Route by recipient kind: email to `email`, mobile to `sms`. */
export function routingSender(
  email: CodeSender | undefined,
  sms: CodeSender | undefined,
): CodeSender | undefined {
  if (!email && !sms) return undefined;
  return {
    async send(msg) {
      const sender = msg.to.kind === 'email' ? email : sms;
      if (!sender) throw new Error(`No ${msg.to.kind} delivery configured`);
      await sender.send(msg);
    },
  };
}
