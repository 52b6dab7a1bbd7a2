ALTER TABLE "expense" DROP CONSTRAINT "expense_paid_by_user_id_fk";
