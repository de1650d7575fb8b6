// http_ece ships no types: the part the push tests use (decrypting a web push's aes128gcm body, RFC 8188/8291).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair (the device's). */
    privateKey: ECDH;
    /** The device's authentication secret, base64url. */
    authSecret: string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
