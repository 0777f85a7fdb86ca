package readapi

import (
	"io/fs"
	"move/readapi/kernel"
	"net/http"
	"path"
	"strings"
)

// serveSPA serves a built asset, or index.html for any other path so the SPA's router
// takes over (deep links, reloads). Hashed assets are cached for good; index.html never.
func serveSPA(spa fs.FS, w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name != "" {
		if st, err := fs.Stat(spa, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			http.ServeFileFS(w, r, spa, name)
			return
		}
	}
	index, err := fs.ReadFile(spa, "index.html")
	if err != nil {
		kernel.WriteError(w, r, kernel.ErrStatus(http.StatusNotFound, "error.not_found"))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(index)
}
