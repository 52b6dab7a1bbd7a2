import { z } from 'zod';

/**
 * What `npm audit --omit=dev` may report before `npm test` fails: no high or critical
 * advisory, unless it is listed in audit-exceptions.json with a reason and an expiry date
 * (an expired exception no longer counts, so every acceptance is looked at again).
 */

const BLOCKING = new Set(['high', 'critical']);

export const auditExceptionsSchema = z.object({
  exceptions: z.array(
    z.strictObject({
      /** The advisory: its GHSA id (GHSA-xxxx-xxxx-xxxx) or npm's numeric advisory id. */
      id: z.string().regex(/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|\d+)$/),
      /** The package it concerns (for the reader). */
      package: z.string().min(1),
      /** Why the advisory does not affect Jammy, or what is being done. */
      reason: z.string().min(20),
      /** YYYY-MM-DD: after this day the exception no longer applies. */
      expires: z.iso.date(),
    }),
  ),
});
export type AuditExceptions = z.infer<typeof auditExceptionsSchema>;

/** The parts of `npm audit --json` (npm 7 and later) read here. */
const auditReportSchema = z.object({
  vulnerabilities: z.record(
    z.string(),
    z.object({
      via: z.array(
        z.union([
          z.string(),
          z.object({
            source: z.number().optional(),
            name: z.string(),
            title: z.string().optional(),
            url: z.string().optional(),
            severity: z.string(),
          }),
        ]),
      ),
    }),
  ),
});

export interface Finding {
  id: string;
  package: string;
  severity: string;
  title: string;
  url: string;
}

export interface AuditVerdict {
  blocking: Finding[];
  accepted: Finding[];
  /** Exceptions past their date (listed so that someone removes or renews them). */
  expired: AuditExceptions['exceptions'];
}

function advisoryId(url: string | undefined, source: number | undefined): string {
  const ghsa = url ? /GHSA(-[a-z0-9]{4}){3}/i.exec(url)?.[0] : undefined;
  return ghsa ?? String(source ?? 'unknown');
}

/** The high and critical advisories of a report, sorted into blocking and accepted ones. */
export function judgeAudit(
  report: unknown,
  exceptions: AuditExceptions,
  today: string,
): AuditVerdict {
  const parsed = auditReportSchema.parse(report);
  const findings = new Map<string, Finding>();
  for (const vulnerability of Object.values(parsed.vulnerabilities)) {
    for (const via of vulnerability.via) {
      if (typeof via === 'string' || !BLOCKING.has(via.severity)) continue;
      const id = advisoryId(via.url, via.source);
      findings.set(`${id} ${via.name}`, {
        id,
        package: via.name,
        severity: via.severity,
        title: via.title ?? '',
        url: via.url ?? '',
      });
    }
  }
  const current = exceptions.exceptions.filter((exception) => exception.expires >= today);
  const expired = exceptions.exceptions.filter((exception) => exception.expires < today);
  const verdict: AuditVerdict = { blocking: [], accepted: [], expired };
  for (const finding of findings.values()) {
    const acceptedId = current.some(
      (exception) =>
        exception.id.toLowerCase() === finding.id.toLowerCase() &&
        exception.package === finding.package,
    );
    (acceptedId ? verdict.accepted : verdict.blocking).push(finding);
  }
  return verdict;
}
