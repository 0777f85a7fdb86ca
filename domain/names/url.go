package names

import (
	"net/mail"
	"net/url"
	"regexp"
	"strings"
)

// Checks of contact details shared by every context.

// ValidURL tells whether s is a web address people can follow: http(s), with a host,
// at most 2,000 bytes.
func ValidURL(s string) bool {
	if len(s) > 2000 {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !strings.ContainsAny(u.Host, " <>\"")
}

var phonePattern = regexp.MustCompile(`^\+?[0-9 ()\-./]{6,20}$`)

// ValidEmail tells whether s is one plain e-mail address, at most 254 bytes.
func ValidEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && len(s) <= 254
}

// ValidPhone tells whether s looks like a phone number: digits with the usual
// separators, optionally starting with +.
func ValidPhone(s string) bool { return phonePattern.MatchString(s) }
