package projections

// SealedReader is a projector that reads no personal value of its events: their
// payloads reach Apply with personal fields still sealed, and its deliveries skip the
// key query that opens them (decision 1720).
type SealedReader interface {
	Projector
	ReadsNoPersonalValues()
}
