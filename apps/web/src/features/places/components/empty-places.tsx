import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import emptyArt from '../../../assets/empty-itineraries.svg';
import { useLanguage } from '../../../i18n/use-language';
import classes from './places.module.css';

/**
 * A trip without places yet: what this page will show, and where to add them. With
 * `stagesOnMap`, the map above already shows the stages' destinations.
 */
export function EmptyPlaces({
  itineraryId,
  canEdit,
  stagesOnMap = false,
}: {
  itineraryId: string;
  canEdit: boolean;
  stagesOnMap?: boolean;
}) {
  const { t } = useTranslation('places');
  const { to } = useLanguage();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="md" ta="center">
        {!stagesOnMap && <img src={emptyArt} alt="" className={classes.emptyArt} />}
        <Title order={2} size="h3">
          {t('empty.title')}
        </Title>
        <Text c="gray.8" maw={520}>
          {stagesOnMap && `${t('empty.stagesOnMap')} `}
          {canEdit ? t('empty.text') : t('empty.textViewer')}
        </Text>
        {canEdit && (
          <Button
            component={Link}
            to={to(`/itinerary/${itineraryId}/stage`)}
            leftSection={<IconRoute size={18} aria-hidden />}
          >
            {t('empty.action')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
