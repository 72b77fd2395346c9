// a kernel file: translated only by the stand-in fake_translate.sh (CASE=build), which copies it
