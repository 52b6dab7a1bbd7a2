import { describe, expect, it } from 'vitest';
import { auditExceptionsSchema, judgeAudit } from './audit-policy';

const report = {
  vulnerabilities: {
    fastify: {
      via: [
        {
          source: 1101,
          name: 'fastify',
          title: 'Denial of service',
          url: 'https://github.com/advisories/GHSA-mq6c-fh97-4gwv',
          severity: 'high',
        },
      ],
    },
    'some-wrapper': { via: ['fastify'] },
    tar: {
      via: [
        {
          source: 1102,
          name: 'tar',
          title: 'Path traversal',
          url: 'https://github.com/advisories/GHSA-f5x3-32g6-xq36',
          severity: 'critical',
        },
      ],
    },
    debug: {
      via: [
        {
          source: 1103,
          name: 'debug',
          title: 'ReDoS',
          url: 'https://github.com/advisories/GHSA-gxpj-cx7g-858c',
          severity: 'moderate',
        },
      ],
    },
  },
};

describe('judgeAudit', () => {
  it('blocks every high and critical advisory, not the moderate ones', () => {
    const verdict = judgeAudit(report, { exceptions: [] }, '2026-11-26');
    expect(verdict.blocking.map((finding) => [finding.id, finding.severity])).toEqual([
      ['GHSA-mq6c-fh97-4gwv', 'high'],
      ['GHSA-f5x3-32g6-xq36', 'critical'],
    ]);
    expect(verdict.accepted).toEqual([]);
  });

  it('accepts an advisory listed for its package until its expiry day, then blocks it again', () => {
    const exceptions = auditExceptionsSchema.parse({
      exceptions: [
        {
          id: 'GHSA-f5x3-32g6-xq36',
          package: 'tar',
          reason: 'Only the build reads archives, never from users',
          expires: '2026-12-31',
        },
      ],
    });
    const before = judgeAudit(report, exceptions, '2026-12-31');
    expect(before.accepted.map((finding) => finding.id)).toEqual(['GHSA-f5x3-32g6-xq36']);
    expect(before.blocking.map((finding) => finding.id)).toEqual(['GHSA-mq6c-fh97-4gwv']);
    expect(before.expired).toEqual([]);

    const after = judgeAudit(report, exceptions, '2027-01-01');
    expect(after.accepted).toEqual([]);
    expect(after.blocking).toHaveLength(2);
    expect(after.expired.map((exception) => exception.id)).toEqual(['GHSA-f5x3-32g6-xq36']);
  });

  it('does not accept an advisory listed for another package', () => {
    const verdict = judgeAudit(
      report,
      {
        exceptions: [
          {
            id: 'GHSA-f5x3-32g6-xq36',
            package: 'other',
            reason: 'A reason long enough to be read',
            expires: '2099-01-01',
          },
        ],
      },
      '2026-11-26',
    );
    expect(verdict.blocking).toHaveLength(2);
  });

  it('refuses an exception without a reason, a date or a real advisory id', () => {
    for (const exception of [
      { id: 'GHSA-f5x3-32g6-xq36', package: 'tar', reason: 'short', expires: '2026-12-31' },
      {
        id: 'GHSA-f5x3-32g6-xq36',
        package: 'tar',
        reason: 'A reason long enough',
        expires: 'soon',
      },
      { id: 'CVE-2026-1', package: 'tar', reason: 'A reason long enough', expires: '2026-12-31' },
    ]) {
      expect(auditExceptionsSchema.safeParse({ exceptions: [exception] }).success).toBe(false);
    }
  });
});
