import { placeSearchSettingsSchema } from '@jammy/shared/geo';
import { z } from 'zod';
import type { Config } from '../../config';

/** The answer of GET /api/client-config. */
export const clientConfigSchema = z.object({
  map: z.object({
    /** Tile URL template with `{z}`, `{x}`, `{y}` (and optionally `{s}`). */
    tileUrl: z.string(),
    /** The credit those tiles require (HTML). */
    attribution: z.string(),
  }),
  /** Whether the place search finds points of interest or only cities and towns. */
  placeSearch: placeSearchSettingsSchema,
  /** Who runs this installation (OPERATOR_*), for the privacy notice, the terms and contact. */
  operator: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    contact: z.string().nullable(),
    jurisdiction: z.string().nullable(),
  }),
  /** The outside services this installation is configured to use (the privacy notice names them). */
  processors: z.object({
    smtp: z.boolean(),
    sms: z.boolean(),
    stripe: z.boolean(),
    s3: z.boolean(),
    federated: z.array(z.string()),
    /** The geocoder's host, or null when none is configured. */
    geocoder: z.string().nullable(),
    /** The map tiles' host. */
    tiles: z.string(),
  }),
  /** Whether assistants may connect at /mcp with an API token (MCP_ENABLED). */
  mcp: z.boolean(),
});

/**
 * What of the configuration the web app is told: the map, the place search, the operator, and
 * whether assistants may connect.
 */
export type ClientConfigSettings = Pick<
  Config,
  | 'map'
  | 'geocoder'
  | 'operator'
  | 'mail'
  | 'twilio'
  | 'stripe'
  | 'storage'
  | 'google'
  | 'github'
  | 'oidc'
  | 'mcpEnabled'
>;

/** The host of a tile template (`{s}.tile.example.org` stays as written). */
function hostOf(template: string): string {
  return /^https?:\/\/([^/]+)/.exec(template)?.[1] ?? template;
}

/** The answer of GET /api/client-config, built once at start-up. */
export function presentClientConfig(
  settings: ClientConfigSettings,
): z.infer<typeof clientConfigSchema> {
  return {
    map: settings.map,
    // The place search's reach decides its words: "cities and towns" without a geocoder.
    placeSearch: { pointsOfInterest: settings.geocoder !== undefined },
    operator: {
      name: settings.operator.name ?? null,
      address: settings.operator.address ?? null,
      contact: settings.operator.contact ?? null,
      jurisdiction: settings.operator.jurisdiction ?? null,
    },
    processors: {
      smtp: settings.mail.smtpUrl !== undefined,
      sms: settings.twilio !== undefined,
      stripe: settings.stripe,
      s3: settings.storage.s3 !== undefined,
      federated: [
        ...(settings.google ? ['Google'] : []),
        ...(settings.github ? ['GitHub'] : []),
        ...(settings.oidc ? [settings.oidc.name] : []),
      ],
      geocoder: settings.geocoder ? new URL(settings.geocoder.url).host : null,
      tiles: hostOf(settings.map.tileUrl),
    },
    mcp: settings.mcpEnabled,
  };
}
