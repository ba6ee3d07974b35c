import type { AppConfig } from '../../config.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createAalGate } from './aal-gate.ts';
import type { MfaRepository } from './mfa.repository.ts';
import { createMfaService } from './mfa.service.ts';
import { createPasskeysService } from './passkeys.service.ts';
import { relyingPartyFor } from './relying-party.ts';
import { type SmsProvider, createSmsProvider } from './sms.ts';

/**
 * The two-factor services, wired from the configuration. `gate` is the aal2 check for sensitive
 * actions, for any module that has some. `smsOrLog` is a provider to use (tests)
 * or the logger the configured provider may write to.
 */
export function createTwoFactor(
  config: AppConfig,
  repo: MfaRepository,
  auth: AuthService,
  smsOrLog: SmsProvider | Parameters<typeof createSmsProvider>[1],
) {
  const sms = 'send' in smsOrLog ? smsOrLog : createSmsProvider(config.smsProvider, smsOrLog);
  const relyingParty = relyingPartyFor(config);
  const gate = createAalGate(repo);
  return {
    gate,
    mfa: createMfaService({ repo, auth, gate, sms, relyingParty }),
    passkeys: createPasskeysService({ repo, auth, relyingParty }),
  };
}
