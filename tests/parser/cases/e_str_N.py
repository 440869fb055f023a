"\N{foo}"
