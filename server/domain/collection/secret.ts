/**
 * Passwords of OPC UA sources at rest (docs/api.md, "Data collection"): AES-256-GCM under a key derived from
 * `SOURCE_SECRET_KEY`, each with its own random nonce; the stored text is `v1:<nonce>:<tag>:<ciphertext>`
 * (base64). Without the key no password is stored: the server refuses it rather than keep it readable.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';
/** A fixed salt: the key is a server secret, not a user's password, and must derive the same on every node. */
const SALT = 'alarm-console/source-secret/v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.scryptSync(secret, SALT, 32);
  }

  seal(plain: string): string {
    const nonce = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, ...[nonce, cipher.getAuthTag(), data].map((part) => part.toString('base64'))].join(':');
  }

  /** The password, or undefined when it was sealed under another key or altered. */
  open(sealed: string): string | undefined {
    const [version, nonce, tag, data] = sealed.split(':');
    if (version !== VERSION || !nonce || !tag || data === undefined) return undefined;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
