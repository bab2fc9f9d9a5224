export const authSchemes = ['bearer', 'api-key'] as const;

export type AuthScheme = (typeof authSchemes)[number];

export function isAuthScheme(value: string): value is AuthScheme {
  return (authSchemes as readonly string[]).includes(value);
}

/** API-NOTES: clients send `Api-Key` for `sk-` keys and `Bearer` for anything else, unless told otherwise. */
export function authorizationHeader(apiKey: string, scheme: AuthScheme | null): string {
  const effective = scheme ?? (apiKey.startsWith('sk-') ? 'api-key' : 'bearer');
  return effective === 'api-key' ? `Api-Key ${apiKey}` : `Bearer ${apiKey}`;
}
