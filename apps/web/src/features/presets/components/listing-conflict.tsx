import { useTranslation } from '../../../i18n/react';
import { ConflictPanel } from '../../../components/form/conflict-panel';
import type { AdminListingValues } from '../lib/admin-listing';

/**
 * Another admin saved the listing while this one was open (409): the kit's conflict panel with
 * their listing beside this admin's, in the page's words (regions, interests, yes and no).
 */
export function ListingConflict({
  theirs,
  mine,
  saving,
  onUseTheirs,
  onKeepMine,
}: {
  theirs: AdminListingValues;
  mine: AdminListingValues;
  saving: boolean;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('presets');
  const yesNo = (value: boolean) => (value ? t('admin.yes') : t('admin.no'));
  const interests = (values: AdminListingValues) =>
    values.interests.map((interest) => t(`interests.${interest}`)).join(', ');
  const row = (label: string, show: (values: AdminListingValues) => string) => ({
    label,
    theirs: show(theirs),
    mine: show(mine),
  });
  return (
    <ConflictPanel
      title={t('admin.conflictTitle')}
      text={t('admin.conflictText')}
      sameText={t('admin.conflictSameText')}
      rows={[
        row(t('admin.published'), (values) => yesNo(values.published)),
        row(t('admin.region'), (values) => t(`regions.${values.region}`)),
        row(t('admin.interests'), interests),
        row(t('admin.premium'), (values) => yesNo(values.premium)),
      ]}
      saving={saving}
      onUseTheirs={onUseTheirs}
      onKeepMine={onKeepMine}
    />
  );
}
