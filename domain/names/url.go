package names

import (
	"net/url"
	"strings"
)

// ValidURL tells whether s is a web address people can follow: http(s), with a host,
// at most 2,000 bytes.
func ValidURL(s string) bool {
	if len(s) > 2000 {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !strings.ContainsAny(u.Host, " <>\"")
}
