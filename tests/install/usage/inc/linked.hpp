// an include directory of a library app links (the translator must see it)
