package seal

// SetRunEvents makes verify's runs about n events long (whole blocks), for a test; the
// answer restores the default.
func SetRunEvents(n int) (restore func()) {
	before := runEvents
	runEvents = n
	return func() { runEvents = before }
}
