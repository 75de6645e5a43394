//go:build !unix

package survey

const nonBlock = 0
