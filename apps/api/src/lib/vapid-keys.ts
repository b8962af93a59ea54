import { createECDH } from 'node:crypto';

/**
 * The server's VAPID key pair (RFC 8292), base64url without padding as browsers and `web-push` take it: the
 * public key an uncompressed P-256 point (65 bytes, given to `PushManager.subscribe`), the private key its
 * 32-byte scalar. Every subscription is made for the public key: changing the pair loses every follower.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A new pair, as `npx web-push generate-vapid-keys` makes one. */
export function generateVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // The scalar may come shorter than 32 bytes (leading zeros dropped): padded back, as web-push does.
  const scalar = curve.getPrivateKey();
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
}

/** What is wrong with a pair, in French, per variable (empty when it is a valid pair whose halves match). */
export function vapidKeysProblems(keys: VapidKeys): string[] {
  const problems: string[] = [];
  const publicKey = BASE64URL.test(keys.publicKey) ? Buffer.from(keys.publicKey, 'base64url') : null;
  if (publicKey === null || publicKey.length !== 65 || publicKey[0] !== 4) {
    problems.push(
      'VAPID_PUBLIC_KEY : doit être une clé publique P-256 non compressée en base64url (65 octets, 87 caractères), telle que la donne « npx web-push generate-vapid-keys »',
    );
  }
  const privateKey = BASE64URL.test(keys.privateKey) ? Buffer.from(keys.privateKey, 'base64url') : null;
  if (privateKey === null || privateKey.length !== 32) {
    problems.push(
      'VAPID_PRIVATE_KEY : doit être une clé privée P-256 en base64url (32 octets, 43 caractères), telle que la donne « npx web-push generate-vapid-keys »',
    );
  }
  if (problems.length > 0) return problems;
  let derived: Buffer;
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(privateKey!);
    derived = curve.getPublicKey();
  } catch {
    return ['VAPID_PRIVATE_KEY : n’est pas une clé privée P-256 valide'];
  }
  if (!derived.equals(publicKey!)) {
    return [
      'VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY : ne forment pas une paire (la clé publique n’est pas celle de la clé privée)',
    ];
  }
  return [];
}
