import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { handleStripeEvent, type PaymentDeps } from './payments.service';
import type { StripePayments } from './stripe-payments';

const webhookAnswerSchema = z.object({
  received: z.literal(true),
  /** The event was handled before: nothing was done again. */
  duplicate: z.boolean(),
});

/**
 * POST /api/shop/stripe/webhook: Stripe's notices of payments and refunds. The signature is
 * checked over the raw body; a replayed event is acknowledged and changes nothing.
 */
export async function stripeWebhookRoutes(
  root: FastifyInstance,
  deps: PaymentDeps & { stripe: StripePayments | undefined },
) {
  await root.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: keep them as text.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, typeof body === 'string' ? body : body.toString('utf8'));
      },
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/shop/stripe/webhook',
      {
        schema: {
          tags: ['shop'],
          summary: 'Stripe’s payment notices (signed with STRIPE_WEBHOOK_SECRET)',
          description:
            'Answers 404 when Stripe is not configured, 400 when the signature does not verify.',
          ...PUBLIC,
          headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
          body: z.string().max(1_000_000).describe('The event as Stripe sends it (JSON text)'),
          response: replies({ 200: webhookAnswerSchema }, [404]),
        },
      },
      async (request) => {
        if (!deps.stripe) {
          throw new AppError(
            'shop/stripe-not-configured',
            'Payments are by invoice here: there is no Stripe webhook',
          );
        }
        const signature = request.headers['stripe-signature'];
        if (!signature) {
          throw new AppError('shop/bad-signature', 'The Stripe-Signature header is missing');
        }
        const event = deps.stripe.verify(request.body, signature);
        const { duplicate } = await handleStripeEvent(deps, event);
        return { received: true as const, duplicate };
      },
    );
  });
}
