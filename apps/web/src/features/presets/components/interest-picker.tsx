import { INTERESTS, type InterestId } from '@jammy/shared/interests-plain';
import { Text } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { InterestIcon } from './interest-icon';
import classes from './presets.module.css';

/**
 * The interests catalogue as toggle cards (buttons with aria-pressed): one tab stop each,
 * Space or Enter toggles.
 */
export function InterestPicker({
  value,
  onChange,
  labelledBy,
  describedBy,
}: {
  value: InterestId[];
  onChange: (next: InterestId[]) => void;
  /** The id of the heading that names the group. */
  labelledBy: string;
  /** The id of what a form says of the choice (its error), read with each card. */
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation('presets');
  const toggle = (id: InterestId) =>
    onChange(value.includes(id) ? value.filter((other) => other !== id) : [...value, id]);
  return (
    <ul className={classes.toggleGrid} aria-labelledby={labelledBy}>
      {INTERESTS.map(({ id }) => {
        const on = value.includes(id);
        return (
          <li key={id}>
            <button
              type="button"
              className={classes.toggle}
              aria-pressed={on}
              aria-describedby={describedBy}
              data-interest={id}
              onClick={() => toggle(id)}
            >
              <span className={classes.toggleTop}>
                <span className={classes.toggleIcon}>
                  <InterestIcon interest={id} size={20} />
                </span>
                {on && <IconCircleCheckFilled size={20} aria-hidden className={classes.check} />}
              </span>
              <Text component="span" size="sm" fw={650}>
                {t(`interests.${id}`)}
              </Text>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
