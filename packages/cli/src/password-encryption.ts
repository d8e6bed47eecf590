import { BuildError } from '@goalhost/core';
import {
  decryptMavenCipherText,
  encryptMavenPassword,
  MASTER_PASSWORD_PASSPHRASE,
  MavenPasswordError,
  readSettingsSecurity,
  undecorateMavenPassword,
} from '@goalhost/model';

/**
 * `-emp`: the master password encrypted as Maven's CLI encrypts it (plexus-cipher, with the
 * passphrase `settings.security`), decorated `{...}`, for the `<master>` of settings-security.xml.
 * No password (none given and none typed) gives `{}`, as Maven prints it.
 */
export function encryptMasterPassword(clear: string | undefined): string {
  return clear ? encryptMavenPassword(clear, MASTER_PASSWORD_PASSPHRASE) : '{}';
}

/**
 * `-ep`: a server password encrypted with the master password of `settingsSecurityFile` (its
 * `<relocation>` followed), for the `<password>` of a settings.xml server, as Maven's CLI does.
 */
export function encryptServerPassword(clear: string | undefined, settingsSecurityFile: string): string {
  const security = readSettingsSecurity(settingsSecurityFile);
  if (!security.master) {
    throw new BuildError(`Master password is not set in the setting security file: ${security.file}`, [
      'Add <master> to it, holding what `goalhost --encrypt-master-password` prints.',
    ]);
  }
  let master: string;
  try {
    master = decryptMavenCipherText(
      undecorateMavenPassword(security.master) ?? security.master,
      MASTER_PASSWORD_PASSPHRASE,
    );
  } catch (e) {
    throw new MavenPasswordError(
      `Cannot decrypt the master password in ${security.file}: ${(e as Error).message}. Make a new <master> value with \`goalhost --encrypt-master-password\`.`,
    );
  }
  return clear ? encryptMavenPassword(clear, master) : '{}';
}
