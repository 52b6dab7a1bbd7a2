import type { Product } from '@jammy/shared/shop';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { PresetCover } from '../../presets/public';
import { useMoney } from './price';
import classes from './shop.module.css';

/** A product in the shop's list: what is inside, its price, and a way into the cart. */
export function ProductCard({
  product,
  inCart,
  onAdd,
}: {
  product: Product;
  inCart: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation('shop');
  const { t: tp } = useTranslation('presets');
  const { to } = useLanguage();
  const money = useMoney();
  const first = product.presets[0];
  const days = product.presets.reduce((sum, preset) => sum + preset.days, 0);
  const titleId = `product-${product.id}`;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      className={classes.card}
      aria-labelledby={titleId}
      data-product={product.id}
    >
      <PresetCover
        url={first?.coverUrl ?? null}
        alt={tp('card.coverAlt', { title: first?.title ?? product.title })}
      />
      <Stack gap="sm" p="lg" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="light" color="jam" c="jam.9">
            {t(`kind.${product.kind}`)}
          </Badge>
          {product.owned && (
            <Badge
              variant="light"
              color="green"
              c="ink.9"
              leftSection={<IconCheck size={12} aria-hidden />}
            >
              {t('owned')}
            </Badge>
          )}
          {!product.active && (
            <Badge variant="default" c="gray.8">
              {t('inactive')}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4" id={titleId}>
          <Link to={to(`/shop/${product.id}`)} className={classes.cardLink}>
            <bdi>{product.title}</bdi>
          </Link>
        </Title>
        <Text size="sm" c="gray.8">
          {t('card.inside', {
            count: product.presets.length,
            days: t('card.days', { count: days }),
          })}
        </Text>
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {product.presets.map((preset) => (
            <Text component="li" size="sm" key={preset.id}>
              <bdi>{preset.title}</bdi> · {t('card.days', { count: preset.days })}
            </Text>
          ))}
        </Stack>
        <Group justify="space-between" align="center" mt="auto" wrap="wrap" gap="sm">
          <Text fw={700} size="lg" data-price>
            {money(product.priceMinor, product.currency)}
          </Text>
          {inCart ? (
            <Button component={Link} to={to('/shop/cart')} variant="light" color="ink">
              {t('inCart')}
            </Button>
          ) : (
            <Button
              onClick={onAdd}
              disabled={product.owned || !product.active}
              leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
              aria-label={t('addNamed', { title: product.title })}
            >
              {t('add')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
