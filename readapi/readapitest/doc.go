// Package readapitest is the read API's shared test world: a real server on a real
// database (NewServer, NewWalletWorld, NewOfferWorld, NewShop), callers in a role and
// application, and the helpers the contexts' tests share. Each context's tests call it,
// so one context's tests run alone.
package readapitest
