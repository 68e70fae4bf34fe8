"""Cost: offline token counts (the bundled cl100k encoding, its cache), the model table, and the
budgets of whole catalogs, scopes and parts of scopes, with baselines and exact counts."""
