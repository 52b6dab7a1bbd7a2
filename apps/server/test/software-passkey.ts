import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey held in memory, as an authenticator would hold it: an ECDSA P-256 key whose
 * public half is stored the way a registration stores it, and which signs assertions
 * (authenticator data with user presence and verification, then the signature over it and the
 * client data's hash), so the server's real verification runs against it.
 */
export interface SoftwarePasskey {
  credentialId: string;
  /** The public key as COSE, base64url: what the passkey table keeps. */
  publicKey: string;
  /** An AuthenticationResponseJSON for `challenge`, as the browser would send it. */
  assert(challenge: string, origin: string, rpId: string): AssertionJSON;
}

export interface AssertionJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x ?? '', 'base64url');
  const y = Buffer.from(jwk.y ?? '', 'base64url');
  // CBOR map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}.
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    x,
    Buffer.from([0x22, 0x58, 0x20]),
    y,
  ]);
}

export function softwarePasskey(): SoftwarePasskey {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString(
    'base64url',
  );
  let counter = 0;
  return {
    credentialId,
    publicKey: coseKey(publicKey).toString('base64url'),
    assert(challenge, origin, rpId) {
      counter += 1;
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }),
      );
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(counter);
      const authenticatorData = Buffer.concat([
        createHash('sha256').update(rpId).digest(),
        // User present (0x01) and verified (0x04).
        Buffer.from([0x05]),
        counterBytes,
      ]);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, createHash('sha256').update(clientData).digest()]),
        privateKey,
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData.toString('base64url'),
          authenticatorData: authenticatorData.toString('base64url'),
          signature: signature.toString('base64url'),
        },
      };
    },
  };
}
