package files

// BlobsFromEnv exposes the blob-store choice of FromEnv to the tests.
var BlobsFromEnv = blobsFromEnv
