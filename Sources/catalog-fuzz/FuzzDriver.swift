// The fuzz driver. Built with `CATALOG_FUZZING=1` (`-sanitize=fuzzer`, `-D FUZZING`; see `.ci/fuzz`),
// it is a libFuzzer binary: libFuzzer calls `LLVMFuzzerTestOneInput` with generated inputs for
// the target named by $CATALOG_FUZZ_TARGET, and any broken promise stops it with the input
// saved. Built normally, it runs the files it is given through a target once each:
// `catalog-fuzz definition-yaml Fuzz/corpus/definition-yaml/*`.
import CatalogFuzzing

#if FUZZING
    import Glibc

    private let target: FuzzTarget = {
        let name = getenv("CATALOG_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("set CATALOG_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let problems = target.violations(in: bytes)
        if !problems.isEmpty { fatalError("\(target.rawValue): " + problems.joined(separator: "; ")) }
        return 0
    }

    // SwiftPM links an executable's entry point as `<product>_main` (`--defsym main=…`), so
    // libFuzzer's own `main` is not used: this one hands over to libFuzzer's driver.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @_cdecl("catalog_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var values = argv
        return LLVMFuzzerRunDriver(&count, &values, fuzzOneInput)
    }
#else
    import Foundation

    @main
    enum FuzzDriver {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                print("usage: catalog-fuzz TARGET FILE…  (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
                exit(64)
            }
            var failed = false
            for path in arguments.dropFirst() {
                let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
                for problem in target.violations(in: bytes) {
                    print("\(path): \(problem)")
                    failed = true
                }
            }
            exit(failed ? 1 : 0)
        }
    }
#endif
