/**
 * Small secrets the server must read back (generated passwords waiting for their download, the
 * SMTP password), sealed with AES-256-GCM under a key derived from the server secret with a label
 * of their own, so one kind of secret's key never opens another's and a copy of the database alone
 * reveals nothing. Each payload is bound to a context string (authenticated, not stored): a payload
 * moved to another row or owner does not open.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const FORMAT = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  /** `label` names the kind of secret, e.g. 'verdict/smtp-password/v1'. */
  constructor(serverSecret: string, label: string) {
    this.key = createHmac('sha256', serverSecret).update(label).digest();
  }

  /** `v1.<iv>.<ciphertext>.<tag>`, base64url parts. */
  seal(binding: string, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(binding, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, iv, data, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plaintext, or null when the payload was not sealed for this binding under this key. */
  open(binding: string, payload: string): string | null {
    const [format, iv, data, tag] = payload.split('.');
    if (format !== FORMAT || !iv || data === undefined || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(binding, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
