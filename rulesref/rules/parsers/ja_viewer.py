FORMAT = 'ja-viewer'
def detect(source): return False
def parse(source): raise NotImplementedError
