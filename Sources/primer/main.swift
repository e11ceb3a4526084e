import ArgumentParser
import CommandOptions
import CPlatform

do {
    var command = try Primer.parseAsRoot()
    if !(command is ServeCommand) {
        // A one-shot build allocates and frees a few hundred megabytes in under a second.
        // glibc's default gives freed memory at the top of the heap back to the kernel and takes
        // it again page by page (a page fault and a zeroed page each time); with 64 MB of padding
        // the heap grows in large steps and keeps them. 1,002 pages: 48,000 page faults become
        // 37,000 and system time falls by a third; the peak is the same. Not for the preview,
        // a long-lived process whose memory after each rebuild should go back.
        primer_tune_allocator()
    }
    try command.run()
} catch {
    Primer.exit(after: error)
}
