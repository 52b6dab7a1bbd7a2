ALTER TABLE "place" ADD COLUMN "cost_minor" bigint;--> statement-breakpoint
-- Costs become integers of the currency's minor unit (ISO 4217 exponent): 0 decimals for
-- these currencies, 3 for the next list, 2 for every other.
UPDATE "place" SET "cost_minor" = round("cost" * CASE
  WHEN "currency" IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 1
  WHEN "currency" IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 1000
  ELSE 100 END)::bigint WHERE "cost" IS NOT NULL;
