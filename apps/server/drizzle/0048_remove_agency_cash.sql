-- An agency's earnings are in its user's cash (docs/marketplace.md › Money): the account kind agency_cash goes. No such
-- account was ever opened; a database holding one stops here rather than hide money the ledger no longer names.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "ledger_account" WHERE "kind" = 'agency_cash') THEN
    RAISE EXCEPTION 'ledger_account holds agency_cash accounts: move their money to the agencies'' user_cash first';
  END IF;
END $$;
