import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** Where clients reach the Chat API: handed out in the regions list and in the chat listener's spec. */
describe('the Chat API public URL', () => {
  it('is PLATFORM_AI_PUBLIC_URL without a trailing slash, else the host and the AI port', () => {
    const configured = loadConfig({ PLATFORM_AI_PUBLIC_URL: 'https://chat.example.com/ai/' }, '/tmp');
    expect(configured).toMatchObject({
      chatPublicUrl: 'https://chat.example.com/ai',
      isChatPublicUrlConfigured: true,
    });
    const derived = loadConfig({ PLATFORM_HOST: '0.0.0.0', PLATFORM_AI_PORT: '5001' }, '/tmp');
    expect(derived).toMatchObject({
      chatPublicUrl: 'http://127.0.0.1:5001',
      isChatPublicUrlConfigured: false,
    });
  });

  it('refuses a URL that is not http(s), naming the variable', () => {
    expect(() => loadConfig({ PLATFORM_AI_PUBLIC_URL: 'chat.example.com:4001' }, '/tmp')).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ PLATFORM_AI_PUBLIC_URL: 'ftp://chat.example.com' }, '/tmp')).toThrow(
      /PLATFORM_AI_PUBLIC_URL must be an http/,
    );
  });
});
