package main

import (
	"net/netip"
	"os"
	"strings"
	"time"
)

// defaultDatabaseURL is the database `make run` provides.
const defaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/move?sslmode=disable"

type config struct {
	// DatabaseURL is the owner's: migrations and the CLI connect with it.
	DatabaseURL string
	// ServerDatabaseURL is what serve connects with: the role that owns nothing
	// (decision 0502). Unset, it is DatabaseURL with the user move_server and no password.
	ServerDatabaseURL string
	EventStoreURL     string
	HTTPAddr          string
	// MetricsAddr is the listener of /metrics, apart from the API ("off": none).
	MetricsAddr    string
	LogLevel       string
	TrustedProxies []netip.Prefix
	CORSOrigins    []string
	// PersonalDataKey wraps the data subjects' keys and keys personal reservation names
	// (decision 0510); production refuses the development default (decision 0104).
	PersonalDataKey string
	Production      bool
	// HoldTime is how long a spot stays held without a started payment (decision 0907;
	// HOLD_TIME, a Go duration; empty or invalid is the default of 15 minutes).
	HoldTime time.Duration
}

func loadConfig() config {
	c := config{
		DatabaseURL:       env("DATABASE_URL", defaultDatabaseURL),
		ServerDatabaseURL: os.Getenv("SERVER_DATABASE_URL"),
		EventStoreURL:     os.Getenv("EVENTSTORE_URL"),
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		MetricsAddr:       env("METRICS_ADDR", "127.0.0.1:9090"),
		LogLevel:          env("LOG_LEVEL", "info"),
		PersonalDataKey:   os.Getenv("PERSONAL_DATA_KEY"),
		Production:        strings.EqualFold(os.Getenv("MOVE_ENV"), "production"),
	}
	for _, p := range list("TRUSTED_PROXIES") {
		if prefix, err := netip.ParsePrefix(p); err == nil {
			c.TrustedProxies = append(c.TrustedProxies, prefix)
		} else if addr, err := netip.ParseAddr(p); err == nil {
			c.TrustedProxies = append(c.TrustedProxies, netip.PrefixFrom(addr, addr.BitLen()))
		}
	}
	c.CORSOrigins = list("CORS_ORIGINS")
	if d, err := time.ParseDuration(os.Getenv("HOLD_TIME")); err == nil && d > 0 {
		c.HoldTime = d
	}
	return c
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func list(name string) []string {
	var out []string
	for _, v := range strings.Split(os.Getenv(name), ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}
