import type { PresetDetail } from '@jammy/shared/presets';
import {
  Alert,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconShoppingCartPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { TripMap } from '../../../components/maps/trip-map';
import { InterestChips, presetPoints, PreviewNotice, StageDays } from '../../presets/public';
import { useCart } from '../api/cart';
import { productQuery, productsQuery } from '../api/shop';
import { TaxNote, useMoney } from './price';
import classes from './shop.module.css';

/** One itinerary inside a product: its days, stages, interests and map. */
function Inside({ preset, wide }: { preset: PresetDetail; wide: boolean }) {
  const { t } = useTranslation('shop');
  const { to } = useLanguage();
  const { points, numbers } = useMemo(() => presetPoints(preset.stages), [preset.stages]);
  const headingId = `inside-${preset.id}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            <bdi>{preset.title}</bdi>
          </Title>
          <Text size="sm" c="gray.8">
            {[
              t('card.days', { count: preset.days }),
              t('detail.stages', { count: preset.stageCount }),
              t('detail.places', { count: preset.placeCount }),
            ].join(' · ')}
          </Text>
        </Stack>
        <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {preset.description}
        </Text>
        <InterestChips interests={preset.interests} />
        {points.length > 0 && (
          <TripMap points={points} name={preset.title} height={wide ? 320 : 240} />
        )}
        <StageDays stages={preset.stages} numbers={numbers} />
        {preset.preview && <PreviewNotice />}
        {preset.copyable && (
          <Button
            component={Link}
            to={`${to(`/jammy-itineraries/${preset.id}`)}?copy=1`}
            variant="light"
            w="fit-content"
          >
            {t('detail.copy', { title: preset.title })}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /shop/{id}: a product and everything inside it, with its price and the cart button. */
export function ProductPage({ id }: { id: string }) {
  const { t } = useTranslation('shop');
  const { t: tc } = useTranslation();
  const { language, to } = useLanguage();
  const query = useQuery(productQuery(id, language));
  const settings = useQuery(productsQuery(language));
  const cart = useCart();
  const money = useMoney();
  const wide = useMediaQuery('(min-width: 62em)', true) ?? true;
  const product = query.data;

  const back = (
    <Link to={to('/shop')} className={classes.backLink}>
      <IconArrowLeft size={16} aria-hidden className={classes.flip} />
      {t('backToShop')}
    </Link>
  );

  if (query.isPending) {
    return (
      <Container size="lg" py="xl">
        <Stack role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={32} width="50%" />
          <Skeleton height={240} radius="lg" />
        </Stack>
      </Container>
    );
  }
  if (!product) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Container size="sm" py={{ base: 'xl', sm: 64 }}>
        <Stack gap="md" align="center" ta="center" data-state="product-unavailable">
          <Title order={1} size="h2">
            {notFound ? t('detail.notFoundTitle') : tc('routes.shop-product.title')}
          </Title>
          {notFound ? (
            <Text c="gray.8">{t('detail.notFoundText')}</Text>
          ) : (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={20} aria-hidden />}
            >
              <Text size="sm" c="red.9">
                {t('failed')}
              </Text>
            </Alert>
          )}
          <Button component={Link} to={to('/shop')} variant="default">
            {t('backToShop')}
          </Button>
        </Stack>
      </Container>
    );
  }

  const inCart = cart.productIds.includes(product.id);
  const buy = (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Text fw={700} size="xl" data-price>
          {money(product.priceMinor, product.currency)}
        </Text>
        {settings.data && <TaxNote tax={settings.data.tax} />}
        {product.owned ? (
          <Badge
            size="lg"
            variant="light"
            color="green"
            c="ink.9"
            leftSection={<IconCheck size={14} aria-hidden />}
          >
            {t('owned')}
          </Badge>
        ) : inCart ? (
          <Button component={Link} to={to('/shop/cart')} variant="light" color="ink">
            {t('inCart')}
          </Button>
        ) : (
          <Button
            onClick={() => void cart.add(product.id)}
            disabled={!product.active}
            leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
          >
            {t('add')}
          </Button>
        )}
      </Stack>
    </Paper>
  );

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        {back}
        <Stack gap="xs">
          <Group gap={6}>
            <Badge variant="light" color="jam" c="jam.9">
              {t(`kind.${product.kind}`)}
            </Badge>
          </Group>
          <Title order={1}>
            <bdi>{product.title}</bdi>
          </Title>
          {product.description && (
            <Text c="gray.8" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {product.description}
            </Text>
          )}
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              {product.details.map((preset) => (
                <Inside key={preset.id} preset={preset} wide={wide} />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            {buy}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
