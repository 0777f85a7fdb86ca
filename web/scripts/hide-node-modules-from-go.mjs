// Some npm packages ship .go files (flatted does). web/ is inside the Go module, so
// `go test ./...` would compile them; a go.mod in node_modules makes it a separate
// module that the Go tool's ./... patterns skip.
import { existsSync, writeFileSync } from 'node:fs';

if (existsSync('node_modules')) {
  writeFileSync('node_modules/go.mod', 'module ignored_node_modules\n');
}
