// a kernel file (never translated: pl::translate is a stand-in)
