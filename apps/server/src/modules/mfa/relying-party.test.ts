import { describe, expect, it } from 'vitest';

import { relyingPartyFor } from './relying-party.ts';

describe('the WebAuthn relying party', () => {
  it('comes from PUBLIC_URL', () => {
    expect(
      relyingPartyFor({ publicUrl: 'https://arena.example', port: 3000, env: 'production' }),
    ).toEqual({ id: 'arena.example', name: 'Arena', origins: ['https://arena.example'] });
  });

  it('defaults to http://localhost:PORT, and accepts Vite’s dev server in development', () => {
    expect(relyingPartyFor({ publicUrl: undefined, port: 3100, env: 'development' })).toEqual({
      id: 'localhost',
      name: 'Arena',
      origins: ['http://localhost:3100', 'http://localhost:5173'],
    });
  });

  it('moves a loopback IP address to localhost (an IP cannot be an RP ID)', () => {
    expect(
      relyingPartyFor({ publicUrl: 'http://127.0.0.1:4310', port: 4310, env: 'production' }),
    ).toMatchObject({ id: 'localhost', origins: ['http://localhost:4310'] });
  });
});
