import { z } from 'zod';
import { flag, optionalString, type Variables } from './variables';

/**
 * Mail, text messages and sign-in: how travellers are written to and who they are, and whether
 * assistants may act for them at /mcp with their API tokens.
 */
export const identityVariables = {
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Jammy <no-reply@jammy.localhost>'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  OIDC_ISSUER: optionalString.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().trim().min(1).default('Single sign-on'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: z.string().default(''),
  MCP_ENABLED: flag('false'),
  REQUIRE_SECOND_FACTOR: z.enum(['off', 'admins', 'everyone']).default('off'),
};
type IdentityVariables = Variables<typeof identityVariables>;

export interface IdentityPart {
  mail: { smtpUrl: string | undefined; from: string };
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  github: { clientId: string; clientSecret: string } | undefined;
  /** Lower-cased addresses that become admins on sign-up or next sign-in. */
  adminEmails: ReadonlySet<string>;
  /** MCP_ENABLED: assistants may connect at /mcp with a personal API token (decision 046). */
  mcpEnabled: boolean;
  /** Who must have a second factor before doing anything else (auth/second-factor-policy.ts). */
  requireSecondFactor: 'off' | 'admins' | 'everyone';
}

export function identityConfigOf(values: IdentityVariables): IdentityPart {
  return {
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    twilio:
      values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM
        ? {
            accountSid: values.TWILIO_ACCOUNT_SID,
            authToken: values.TWILIO_AUTH_TOKEN,
            from: values.TWILIO_FROM,
            apiUrl: values.TWILIO_API_URL,
          }
        : undefined,
    oidc:
      values.OIDC_ISSUER && values.OIDC_CLIENT_ID && values.OIDC_CLIENT_SECRET
        ? {
            issuer: values.OIDC_ISSUER,
            clientId: values.OIDC_CLIENT_ID,
            clientSecret: values.OIDC_CLIENT_SECRET,
            name: values.OIDC_NAME,
          }
        : undefined,
    google: pair(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET),
    github: pair(values.GITHUB_CLIENT_ID, values.GITHUB_CLIENT_SECRET),
    adminEmails: new Set(
      values.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
    mcpEnabled: values.MCP_ENABLED,
    requireSecondFactor: values.REQUIRE_SECOND_FACTOR,
  };
}

function pair(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}
