package eventstore

import "sync"

// Feed is the Subscription every backend hands out: a channel of events and the
// error that ended it. The backend sends on C, calls Fail on a failure, and closes C.
type Feed struct {
	C   chan RecordedEvent
	mu  sync.Mutex
	err error
}

// NewFeed makes a feed whose channel holds buffer events for a slow consumer.
func NewFeed(buffer int) *Feed { return &Feed{C: make(chan RecordedEvent, buffer)} }

// Events implements Subscription.
func (f *Feed) Events() <-chan RecordedEvent { return f.C }

// Err implements Subscription.
func (f *Feed) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// Fail records the error that ends the feed.
func (f *Feed) Fail(err error) {
	f.mu.Lock()
	f.err = err
	f.mu.Unlock()
}
