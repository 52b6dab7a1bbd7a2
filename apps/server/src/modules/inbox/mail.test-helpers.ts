import { generateKeyPairSync } from 'node:crypto';
import dns2 from 'dns2';

/**
 * A DNS server on 127.0.0.1 (dns2) answering TXT records of a sender's domain, as its real
 * DNS would: its DKIM key, its SPF and DMARC policies. The app asks it through
 * INBOX_DNS_SERVERS; nothing else answers (NXDOMAIN).
 */
export async function startSenderDns(records: Record<string, string>) {
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const text = question ? records[question.name.toLowerCase()] : undefined;
      if (question && text !== undefined && question.type === Packet.TYPE.TXT) {
        // A TXT record is strings of at most 255 bytes each (a DKIM key is longer).
        const parts = text.match(/.{1,255}/g) ?? [];
        const answer = new Packet.Resource(question.name, Packet.TYPE.TXT, Packet.CLASS.IN, 60);
        answer.data = parts;
        response.answers.push(answer);
      } else {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { port: addresses.udp?.port ?? 0, close: () => server.close() };
}

/**
 * A sender domain's DKIM key pair and the TXT records that publish it with SPF and DMARC. Its
 * SPF names a mail server elsewhere (TEST-NET-1), never this machine: the test's mail passes
 * by its DKIM signature, and a forger sending from here fails SPF as well as DKIM.
 */
export function senderDomain(domain: string, selector = 'mail') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    selector,
    records: {
      [`${selector}._domainkey.${domain}`]: `v=DKIM1; k=rsa; p=${key}`,
      [domain]: 'v=spf1 ip4:192.0.2.10 -all',
      [`_dmarc.${domain}`]: 'v=DMARC1; p=reject',
    },
  };
}
