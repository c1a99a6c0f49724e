// A real SMTP server for the end-to-end scripts: Python's aiosmtpd on a free loopback port,
// writing every mail into a Maildir the script reads.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts the SMTP server: its port, its Maildir, and readers of what arrived. */
export async function startSmtp() {
  if (spawnSync('python3', ['-c', 'import aiosmtpd']).status !== 0) {
    console.log('not ok - the mail test needs python3 with aiosmtpd (apt-get install python3-aiosmtpd, or pip install aiosmtpd)');
    process.exit(1);
  }
  const port = await new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });
  const maildir = join(mkdtempSync(join(tmpdir(), 'nimmt-mail-')), 'maildir');
  const smtp = spawn('python3', ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir], { stdio: 'ignore' });
  process.on('exit', () => smtp.kill());
  await new Promise((r) => setTimeout(r, 1500));

  /** Every mail so far, quoted-printable bodies decoded, oldest first. */
  function mails() {
    let files = [];
    try {
      files = readdirSync(join(maildir, 'new')).map((f) => join(maildir, 'new', f));
    } catch {
      return [];
    }
    files.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
    return files.map((f) => {
      const raw = readFileSync(f, 'latin1').replace(/\r\n/g, '\n');
      const at = raw.indexOf('\n\n');
      const body = raw.slice(at + 2).replace(/=\n/g, '');
      const bytes = [];
      for (let i = 0; i < body.length; i++) {
        const m = body[i] === '=' && /^[0-9A-F]{2}$/.test(body.slice(i + 1, i + 3));
        bytes.push(m ? parseInt(body.slice(i + 1, i + 3), 16) : body.charCodeAt(i));
        if (m) i += 2;
      }
      return raw.slice(0, at) + '\n\n' + Buffer.from(bytes).toString('utf8');
    });
  }

  /** The `n`-th mail (1 = the first), waiting up to 10 s for it. */
  async function nthMail(n) {
    for (let i = 0; i < 200; i++) {
      const all = mails();
      if (all.length >= n) return all[n - 1];
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`mail ${n} did not arrive`);
  }

  return { port, maildir, mails, nthMail, stop: () => smtp.kill() };
}

/** The first link in `mail` whose address holds `part`. */
export const linkIn = (mail, part) => mail.split(/\s+/).find((w) => w.startsWith('http') && w.includes(part));
