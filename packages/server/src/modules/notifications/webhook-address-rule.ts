import { isIP } from 'node:net';

/**
 * Whether a webhook may be sent to this address. Link-local addresses are refused: 169.254.0.0/16 holds
 * the cloud providers' metadata services (instance credentials) and fe80::/10 is its IPv6 counterpart.
 * Checked on the address the connection is made to, so a name that resolves elsewhere later is caught too.
 */
export function isRefusedWebhookAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? (mapped[1] as string) : address;
  if (isIP(plain) === 4) return plain.startsWith('169.254.') || plain === '0.0.0.0';
  if (isIP(plain) === 6) {
    const first = Number.parseInt(plain.split(':')[0] || '0', 16);
    // fe80::/10: the first 10 bits are 1111111010.
    return (first & 0xffc0) === 0xfe80 || plain === '::';
  }
  return true;
}
