import type { DayPlan } from '@jammy/shared/days';
import { Badge, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconFlag, IconHome } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatDuration } from '../../../lib/format';
import { dateTimeFormat, numberFormat } from '../../../lib/intl';
import classes from './stages.module.css';

const MINUTES_PER_DAY = 24 * 60;

type Warning = DayPlan['timeline']['warnings'][number];
type Leg = DayPlan['legs'][number];

/** A minute of the day (past 1440 after midnight) as the language writes a time. */
export function useClock() {
  const { language } = useLanguage();
  const format = dateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  const { t } = useTranslation('stages');
  return (minute: number) => {
    const time = format.format(new Date(Date.UTC(1970, 0, 1, 0, minute)));
    // A day that runs past midnight says so: 00:40 is then the next day's.
    return minute >= MINUTES_PER_DAY ? t('dayPlan.nextDay', { time }) : time;
  };
}

/** The legs of a plan into each stop, and to its end (a day without a start has none first). */
export function legsOf(plan: DayPlan): { into: (Leg | undefined)[]; toEnd: Leg | undefined } {
  const offset = plan.start ? 0 : -1;
  return {
    into: plan.stops.map((_, index) => plan.legs[index + offset]),
    toEnd: plan.end ? plan.legs.at(-1) : undefined,
  };
}

function LegRow({ leg, mode }: { leg: Leg; mode: DayPlan['mode'] }) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const distance =
    leg.distanceMeters < 1000
      ? numberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
          leg.distanceMeters,
        )
      : numberFormat(language, {
          style: 'unit',
          unit: 'kilometer',
          maximumFractionDigits: 1,
        }).format(leg.distanceMeters / 1000);
  return (
    <Group gap="xs" className={classes.dayLeg} wrap="wrap">
      <Text size="sm" c="gray.8">
        {t('dayPlan.leg', {
          mode: t(`dayPlan.modes.${mode}`),
          distance,
          duration: formatDuration(Math.ceil(leg.durationSeconds / 60), language),
        })}
      </Text>
      {leg.estimate && (
        <Badge size="sm" variant="light" color="gray">
          {t('dayPlan.estimate')}
        </Badge>
      )}
    </Group>
  );
}

function WarningText({ warning }: { warning: Warning }) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const text =
    warning.kind === 'closed'
      ? t('dayPlan.warnings.closed')
      : t(`dayPlan.warnings.${warning.kind}`, {
          duration: formatDuration(warning.minutes, language),
        });
  return (
    <Group gap={6} wrap="nowrap" className={classes.dayWarning}>
      <IconAlertTriangle size={16} aria-hidden />
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}

/** The day in order: start, each leg and stop with its times, end, and what cannot work. */
export function DayTimeline({ plan }: { plan: DayPlan }) {
  const { t } = useTranslation('stages');
  const clock = useClock();
  const { into, toEnd } = legsOf(plan);
  const { warnings } = plan.timeline;
  const of = (stop: number | null) =>
    warnings.filter((warning) => warning.kind !== 'overrun' && warning.stop === stop);
  return (
    <Stack gap="xs">
      <List listStyleType="none" spacing="xs" className={classes.dayList}>
        {plan.start && (
          <List.Item>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl" aria-hidden>
                <IconHome size={16} />
              </ThemeIcon>
              <Text>
                {t('dayPlan.start', {
                  name: plan.start.name,
                  time: clock(toMinutes(plan.timeline.startTime)),
                })}
              </Text>
            </Group>
          </List.Item>
        )}
        {plan.stops.map((stop, index) => {
          const times = plan.timeline.stops[index];
          const leg = into[index];
          return (
            <List.Item key={`${stop.placeId ?? stop.bookingId ?? index}`}>
              {leg && <LegRow leg={leg} mode={plan.mode} />}
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <span className={classes.number} aria-hidden>
                  {index + 1}
                </span>
                <Stack gap={2}>
                  <Text fw={600} data-testid="day-stop">
                    <VisuallyHidden>{t('places.number', { number: index + 1 })} </VisuallyHidden>
                    {stop.name}
                  </Text>
                  {times && (
                    <Text size="sm" c="gray.8">
                      {times.arrive < times.begin
                        ? t('dayPlan.visitAfterWait', {
                            arrive: clock(times.arrive),
                            begin: clock(times.begin),
                            leave: clock(times.leave),
                          })
                        : t('dayPlan.visit', {
                            begin: clock(times.begin),
                            leave: clock(times.leave),
                          })}
                    </Text>
                  )}
                  {of(index).map((warning) => (
                    <WarningText key={warning.kind} warning={warning} />
                  ))}
                </Stack>
              </Group>
            </List.Item>
          );
        })}
        {plan.end && (
          <List.Item>
            {toEnd && <LegRow leg={toEnd} mode={plan.mode} />}
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="xl" aria-hidden>
                <IconFlag size={16} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text>
                  {t('dayPlan.end', { name: plan.end.name, time: clock(plan.timeline.finish) })}
                </Text>
                {of(null).map((warning) => (
                  <WarningText key={warning.kind} warning={warning} />
                ))}
              </Stack>
            </Group>
          </List.Item>
        )}
      </List>
      <Text fw={600}>{t('dayPlan.finish', { time: clock(plan.timeline.finish) })}</Text>
      {warnings
        .filter((warning) => warning.kind === 'overrun')
        .map((warning) => (
          <WarningText key="overrun" warning={warning} />
        ))}
      {plan.unlocated.length > 0 && (
        <Text size="sm" c="gray.8">
          {t('dayPlan.unlocated', { names: plan.unlocated.map((place) => place.name).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}

/** Minutes from midnight of an HH:MM time. */
export function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
